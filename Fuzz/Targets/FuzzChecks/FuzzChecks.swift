import Foundation
import LibFuzzerDriver

/// Runs libFuzzer on `test` with the command line's arguments (`-max_total_time=60 corpus/`...),
/// and exits with its status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    exit(fuzz_driver_run(CommandLine.argc, CommandLine.unsafeArgv, test))
}

/// The input's bytes.
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the fuzzer with `message` when `condition` does not hold: libFuzzer reports the crash
/// and saves the input that caused it.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// The length in bytes of each line of `bytes` as a script reads them: lines end at LF, CR LF or
/// a lone CR (lengths without the break; a text ending in a break has an empty last line).
public func scriptLineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths: [Int] = []
    var start = 0
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0A || bytes[index] == 0x0D {
            lengths.append(index - start)
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            start = index + 1
        }
        index += 1
    }
    lengths.append(bytes.count - start)
    return lengths
}

/// Splits `bytes` at its first NUL byte into two parts (the second empty when there is none):
/// two texts, or a text and its arguments, from one input.
public func splitAtFirstNul(_ bytes: [UInt8]) -> (first: [UInt8], second: [UInt8]) {
    guard let nul = bytes.firstIndex(of: 0) else { return (bytes, []) }
    return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...]))
}
