/// An error that may not happen again if the operation is simply repeated: a dropped
/// connection, a server that is busy or asks to slow down, a `TimeoutError`.
///
/// ``RetryPolicy`` retries only transient failures (unless given its own classifier): a provider
/// marks its errors by conforming them, and leaves permanent ones (a malformed query, a refused
/// permission, "no such place") unmarked so that they are reported at once.
///
/// ```swift
/// struct ServiceUnavailable: TransientError {}
/// ```
public protocol TransientError: Error {}
