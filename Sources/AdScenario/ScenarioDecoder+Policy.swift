import AdPolicy
import MediaTime

extension Scenario {
    static func decodePolicy(_ field: JSONField) throws(ScenarioError) -> AdPolicy {
        let object = try field.object(allowing: [
            "preset", "fastForward", "rewind", "interrupt", "autoSeek", "repeat", "seekIntoBreak", "watched",
            "cooldown", "failover", "allowSeekInBreak", "adStallLimit",
        ])
        var policy = AdPolicy.strict
        if let presetField = object["preset"] {
            let name = try presetField.string()
            guard let preset = AdPolicy.presets.first(where: { $0.name == name }) else {
                let allowed = AdPolicy.presets.map(\.name).joined(separator: ", ")
                throw presetField.failure("unknown preset \"\(name)\"; allowed: \(allowed)")
            }
            policy = preset.policy
        }
        if let value = object["fastForward"] { policy.fastForward = try value.oneOf(JumpRule.self) }
        if let value = object["rewind"] { policy.rewind = try value.oneOf(JumpRule.self) }
        if let value = object["interrupt"] { policy.interrupt = try value.oneOf(InterruptRule.self) }
        if let value = object["autoSeek"] { policy.autoSeek = try value.oneOf(AutoSeekRule.self) }
        if let value = object["repeat"] { policy.repeat = try value.oneOf(RepeatRule.self) }
        if let value = object["seekIntoBreak"] { policy.seekIntoBreak = try value.oneOf(SeekIntoBreakRule.self) }
        if let value = object["watched"] { policy.watched = try value.oneOf(WatchedRule.self) }
        if let value = object["cooldown"] { policy.cooldown = try value.seconds() }
        if let value = object["allowSeekInBreak"] { policy.allowSeekInBreak = try value.bool() }
        if let value = object["adStallLimit"] { policy.adStallLimit = try value.seconds() }
        if let value = object["failover"] {
            let flags = try value.object(allowing: ["disablePreroll", "disableMidroll"])
            if let flag = flags["disablePreroll"] { policy.failover.disablePreroll = try flag.bool() }
            if let flag = flags["disableMidroll"] { policy.failover.disableMidroll = try flag.bool() }
        }
        return policy
    }
}
