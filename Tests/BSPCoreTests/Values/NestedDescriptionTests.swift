@_spi(Inspection) import BSPCore
import Foundation
import Testing

/// A record shows a notification as it was sent, nested descriptions included: a value is
/// rendered when its record is read only if nothing inside it has a description of its own,
/// which could read more than the value or be isolated to the sender's actor.
@Suite("Nested descriptions")
struct NestedDescriptionTests {
    /// A temperature whose description is the main actor's.
    struct Celsius: Sendable, Equatable {
        let degrees: Int
    }

    /// A reading holding a temperature: no description of its own.
    struct Reading: Sendable, Equatable {
        let temperature: Celsius
    }

    /// What a thermometer reports.
    enum Report: Sendable, Equatable {
        case reading(Celsius)
        case idle
    }

    @MainActor
    @Test func aNestedMainActorDescriptionIsRenderedAsItWasSent() async {
        let recording = Recording()
        let readings = EventNotifier<Reading>(of: "/actor/thermometer", audit: recording.context)
        let reports = EventNotifier<Report>(of: "/actor/thermometer", named: "report", audit: recording.context)

        readings.emit(Reading(temperature: Celsius(degrees: 21)))
        reports.emit(.reading(Celsius(degrees: 22)))
        // Read on another thread, as a file store's writer reads.
        let texts = await Task.detached { recording.store.records.map(\.notification) }.value

        #expect(texts == ["Reading(temperature: 21°C)", "reading(22°C)"])
    }

    /// A temperature described in the unit a setting names when it is described.
    struct Temperature: Sendable, CustomStringConvertible {
        static let inFahrenheit = Locked(false)
        let celsius: Int
        var description: String {
            Self.inFahrenheit.withLock { $0 } ? "\(celsius * 9 / 5 + 32)°F" : "\(celsius)°C"
        }
    }

    struct Forecast: Sendable {
        let high: Temperature
    }

    @Test func aNestedDescriptionThatReadsASettingIsRenderedAsItWasSent() {
        let recording = Recording()
        let forecasts = EventNotifier<Forecast>(of: "/actor/forecaster", audit: recording.context)

        forecasts.emit(Forecast(high: Temperature(celsius: 30)))
        Temperature.inFahrenheit.withLock { $0 = true }
        defer { Temperature.inFahrenheit.withLock { $0 = false } }

        #expect(recording.store.records.map(\.notification) == ["Forecast(high: 30°C)"])
    }

    /// A value made only of numbers, in nested structures, still waits: nothing in it can
    /// render differently later.
    struct Point: Sendable {
        let x: Int
        let y: Double
    }

    struct Segment: Sendable {
        let from: Point
        let to: Point
    }

    @Test func aValueOfNumbersInNestedStructuresIsRenderedWhenRead() {
        let recording = Recording()
        let segments = EventNotifier<Segment>(of: "/actor/pen", audit: recording.context)

        segments.emit(Segment(from: Point(x: 1, y: 2), to: Point(x: 3, y: 4.5)))

        let text = recording.store.records.first?.notification ?? ""
        #expect(text.hasPrefix("Segment(from: ") && text.hasSuffix("Point(x: 3, y: 4.5))"))
    }
}

extension NestedDescriptionTests.Celsius: @MainActor CustomStringConvertible {
    var description: String { "\(degrees)°C" }
}
