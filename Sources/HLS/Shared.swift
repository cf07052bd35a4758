/// A value kept once on the heap and never changed, so a struct that holds
/// it copies with one retain however large the value is. A change makes a
/// new one (see ``DateRange`` and ``Interstitial``): the parser builds each
/// value once and then only shares it.
final class Shared<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (lhs: Shared, rhs: Shared) -> Bool { lhs === rhs || lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    /// A new value: this one with `change` made.
    func changed(_ change: (inout Value) -> Void) -> Shared {
        var value = self.value
        change(&value)
        return Shared(value)
    }
}
