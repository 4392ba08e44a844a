import Dispatch

/// Work spread over every core, its results in order: the same output in every run.
package enum Parallel {
    /// `body` of each number from 0 up to `count`, on every core; the results in order.
    package static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.buffer[index] = body(index)
            }
        }
        return results.compactMap { $0 }
    }

    /// The results' buffer, shared by the workers: each writes its own slot only.
    private struct Slots<T>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<T?>
    }
}
