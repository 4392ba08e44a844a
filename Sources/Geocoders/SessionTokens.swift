import AddressPicker
import Foundation

/// The tokens that group a keyed service's requests into billed sessions, as
/// ``UsageRules/Sessions/tokens(endedBy:)`` describes them: a session starts with its first
/// request, every request of it carries the same token, and the request that ends it (the
/// details call) is the last to carry it.
///
/// Services such as Google Places and Mapbox Search Box bill a whole session as one when its
/// requests carry one token, and every request apart when they carry none. A provider for such
/// a service asks for the token of each request:
///
/// ```swift
/// let tokens = SessionTokens(.tokens(endedBy: .places))
/// let first = await tokens.token(for: .completions)   // a new session's token
/// let same = await tokens.token(for: .places)         // the same token; the session ends
/// ```
public actor SessionTokens {
    private let sessions: UsageRules.Sessions
    private let makeToken: @Sendable () -> String
    private var current: String?

    /// The tokens of `sessions`, each made by `makeToken` (a UUID by default: 36 characters,
    /// URL-safe).
    public init(_ sessions: UsageRules.Sessions, makeToken: @escaping @Sendable () -> String = { UUID().uuidString }) {
        self.sessions = sessions
        self.makeToken = makeToken
    }

    /// The token a request of `kind` carries, `nil` when the rules have no sessions. A request
    /// of the kind that ends sessions carries the session's token and ends it.
    public func token(for kind: AddressPicker.Request.Kind) -> String? {
        guard case .tokens(let endingKind) = sessions else { return nil }
        let token = current ?? makeToken()
        current = kind == endingKind ? nil : token
        return token
    }

    /// Ends the session without a details call (the person cancelled, or left the search idle):
    /// the next request starts a new one.
    public func endSession() {
        current = nil
    }
}
