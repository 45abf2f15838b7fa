// piped-floor: the floor of the app's piped counter commands. It reads lines from standard
// input, keeps the count of `inc` lines and prints `count: N` after each one, as `app` prints
// for `inc`: what a program written for that job alone, with no framework, costs per line.
//
//   printf 'inc\ninc\n' | piped-floor      # count: 1, count: 2
//
// A line it does not know is answered as the app answers an unknown command, on standard
// error, so that a script meant for the app cannot pass here unnoticed.
import Glibc

var count = 0
while let line = readLine() {
  switch line {
  case "inc":
    count += 1
    print("count: \(count)")
  case "":
    continue
  default:
    let message = "unknown command: \(line)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
  }
}
