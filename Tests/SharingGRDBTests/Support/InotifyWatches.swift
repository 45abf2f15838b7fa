import Foundation

/// Whether descriptor `fd` of this process is an inotify instance watching `directory`.
///
/// NB: compared by the directory's inode, so a descriptor number reused by another test's
///     watch of another directory, or the one instance watching other tests' directories too,
///     does not count.
func inotifyWatches(_ fd: Int32, directory: String) -> Bool {
  guard
    let attributes = try? FileManager.default.attributesOfItem(atPath: directory),
    let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
    let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8)
  else { return false }
  return info.contains("inotify wd:") && info.contains(" ino:\(String(inode, radix: 16)) ")
}

/// The descriptors of this process that are inotify instances, in increasing order.
func inotifyDescriptors() -> [Int32] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  return names.compactMap(Int32.init).filter { fd in
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == "anon_inode:inotify"
  }.sorted()
}
