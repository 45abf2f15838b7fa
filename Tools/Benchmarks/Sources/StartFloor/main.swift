// start-floor: the floor of the app's start to its first prompt. It links what the app links
// (Foundation, FoundationNetworking, Observation, and libcurl, SQLite and libedit, listed with
// this target in Package.swift), prints the prompt, and waits for a line: what any Swift program
// built on those libraries pays before a line of its own runs (the process, the dynamic loader,
// the Swift runtime's and Foundation's start), measured as `App.StartToPrompt` measures the app.
//
//   echo quit | start-floor      # prints "> ", then ends at the line
import Foundation
import Observation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

FileHandle.standardOutput.write(Data("> ".utf8))
_ = readLine()
