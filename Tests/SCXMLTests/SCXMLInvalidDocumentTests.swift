import Testing

@testable import SCXML

@Suite("SCXML reading: documents breaking SCXML's rules are refused as invalid") struct SCXMLInvalidDocumentTests {
    @Test func theRootIsSCXML() {
        expectError("<state id='a'/>", .invalid, at: 1, 1, mentioning: ["<state>", "<scxml>"])
        expectError("<scxml xmlns='urn:x'/>", .invalid, at: 1, 1, mentioning: ["urn:x"])
        expectError(document("<scxml/>"), .invalid, at: 2, 1, mentioning: ["<scxml> is not allowed inside <scxml>"])
    }

    @Test func idsAreUniqueAndWords() {
        expectError(document("<state id='a'/>\n<final id='a'/>"), .invalid, at: 3, 1, mentioning: ["'a'", "2:1", "3:1"])
        expectError(
            document("<state id='a'><state id='b'/></state>\n<parallel id='b'/>"), .invalid, at: 3, 1,
            mentioning: ["'b'", "2:15"])
        expectError(document("<state id='a b'/>"), .invalid, at: 2, 8, mentioning: ["'a b'"])
        expectError(document("<state id=''/>"), .invalid, at: 2, 8, mentioning: ["id"])
    }

    @Test func targetsAndInitialStatesNameStates() {
        expectError(inState("<transition target='nope'/>"), .invalid, at: 2, 15, mentioning: ["'nope'"])
        expectError(inState("<transition target='b  nope'/>"), .invalid, at: 2, 15, mentioning: ["'nope'"])
        expectError(document("<state id='a'/>", attributes: " initial='zz'"), .invalid, at: 1, 1, mentioning: ["'zz'"])
        expectError(
            document("<state id='a' initial='b'><state id='c'/></state>\n<state id='b'/>"), .invalid, at: 2, 1,
            mentioning: ["'b'", "not inside"])
        expectError(document("<state id='a' initial='a'><state id='c'/></state>"), .invalid, at: 2, 1, mentioning: ["'a'"])
        expectError(document("<state id='a' initial='x'><state id='c'/></state>"), .invalid, at: 2, 1, mentioning: ["'x'"])
        expectError(document("<state id='a' initial=' '><state id='c'/></state>"), .invalid, at: 2, 15, mentioning: ["initial"])
        expectError(
            inOnEntry("<if cond=\"In('nope')\"/>"), .invalid, at: 2, 24, mentioning: ["In('nope')"])
        expectError(inState("<transition cond=\"In('nope')\"/>"), .invalid, at: 2, 15, mentioning: ["In('nope')"])
    }

    @Test func theInitialElement() {
        expectError(
            document("<state id='a'><initial><transition target='b'/></initial><state id='c'/></state>\n<state id='b'/>"),
            .invalid, at: 2, 24, mentioning: ["'b'", "not inside"])
        expectError(
            document("<state id='a'><initial><transition target='a'/></initial></state>"), .invalid, at: 2, 15,
            mentioning: ["compound"])
        expectError(
            document("<state id='a' initial='c'><initial><transition target='c'/></initial><state id='c'/></state>"),
            .invalid, at: 2, 27, mentioning: ["not both"])
        expectError(
            document(
                "<state id='a'><initial><transition target='c'/></initial><initial><transition target='c'/></initial><state id='c'/></state>"
            ), .invalid, at: 2, 58, mentioning: ["at most one", "2:15"])
        expectError(
            document("<state id='a'><initial/><state id='c'/></state>"), .invalid, at: 2, 15, mentioning: ["<transition>"])
        expectError(
            document("<state id='a'><initial><transition event='e' target='c'/></initial><state id='c'/></state>"),
            .invalid, at: 2, 36, mentioning: ["event"])
        expectError(
            document("<state id='a'><initial><transition cond='x' target='c'/></initial><state id='c'/></state>"),
            .invalid, at: 2, 36, mentioning: ["cond"])
        expectError(
            document("<state id='a'><initial><transition/></initial><state id='c'/></state>"), .invalid, at: 2, 24,
            mentioning: ["target"])
        expectError(
            document("<state id='a'><initial id='i'><transition target='c'/></initial><state id='c'/></state>"),
            .unsupported, at: 2, 24, mentioning: ["'id'", "<initial>"])
        expectError(
            document("<initial><transition target='a'/></initial><state id='a'/>"), .invalid, at: 2, 1, mentioning: ["<initial>"])
    }

    @Test func theHistoryElement() {
        expectError(
            document("<history><transition target='a'/></history>\n<state id='a'/>"), .invalid, at: 2, 1,
            mentioning: ["<history>"])
        expectError(
            document("<state id='a'><history><transition target='a'/></history></state>"), .invalid, at: 2, 15,
            mentioning: ["compound"])
        expectError(inState("<history/><state id='c'/>"), .invalid, at: 2, 15, mentioning: ["one <transition>"])
        expectError(
            inState("<history><transition target='c'/><transition target='c'/></history><state id='c'/>"), .invalid, at: 2, 48,
            mentioning: ["exactly one"])
        expectError(
            inState("<history><transition cond='x' target='c'/></history><state id='c'/>"), .invalid, at: 2, 36,
            mentioning: ["cond"])
        expectError(
            inState("<history><transition/></history><state id='c'/>"), .invalid, at: 2, 24, mentioning: ["target"])
        expectError(
            inState("<history><onentry/><transition target='c'/></history><state id='c'/>"), .invalid, at: 2, 24,
            mentioning: ["<onentry> is not allowed inside <history>"])
        expectError(
            inState("<history type='medium'><transition target='c'/></history><state id='c'/>"), .invalid, at: 2, 24,
            mentioning: ["'medium'"])
        expectError(document("<final id='f'><history/></final>"), .invalid, at: 2, 15, mentioning: ["<final>"])
    }

    @Test func finalAndParallelStates() {
        expectError(
            document("<final id='f'><transition target='f'/></final>"), .invalid, at: 2, 15, mentioning: ["no transitions"])
        expectError(document("<final id='f'><state id='g'/></final>"), .invalid, at: 2, 15, mentioning: ["no child states"])
        expectError(document("<final id='f'><raise event='e'/></final>"), .invalid, at: 2, 15, mentioning: ["<raise>"])
        expectError(
            document("<parallel id='p' initial='a'><state id='a'/></parallel>"), .invalid, at: 2, 18, mentioning: ["<parallel>"])
        expectError(
            document("<parallel id='p'><initial><transition target='a'/></initial><state id='a'/></parallel>"), .invalid, at: 2,
            18, mentioning: ["<parallel>"])
        expectError(document("<parallel id='p'><final id='f'/></parallel>"), .invalid, at: 2, 18, mentioning: ["<final>"])
    }

    @Test func transitions() {
        for (descriptor, column) in [("a..b", 27), ("a b.**", 27), ("1a", 27), ("a*", 27)] {
            expectError(
                inState("<transition event='\(descriptor)'/>"), .invalid, at: 2, column, mentioning: ["event descriptor"])
        }
        expectError(inState("<transition event=' '/>"), .invalid, at: 2, 27, mentioning: ["event"])
        expectError(inState("<transition target=''/>"), .invalid, at: 2, 27, mentioning: ["target"])
        expectError(inState("<transition cond=' '/>"), .invalid, at: 2, 27, mentioning: ["empty cond"])
        expectError(inState("<transition type='sideways'/>"), .invalid, at: 2, 27, mentioning: ["'sideways'"])
        expectError(inState("<raise event='e'/>"), .invalid, at: 2, 15, mentioning: ["<raise> is not allowed inside <state>"])
        expectError(inState("text"), .invalid, at: 2, 15, mentioning: ["text", "<state>"])
    }

    @Test func executableContent() {
        expectError(inOnEntry("<raise/>"), .invalid, at: 2, 24, mentioning: ["<raise>", "event"])
        expectError(inOnEntry("<raise event='a b'/>"), .invalid, at: 2, 31, mentioning: ["'a b'"])
        expectError(inOnEntry("<raise event='e'>x</raise>"), .invalid, at: 2, 41, mentioning: ["text"])
        expectError(inOnEntry("<raise event='e'><raise event='f'/></raise>"), .invalid, at: 2, 41, mentioning: ["no content"])
        expectError(inOnEntry("<send event=''/>"), .invalid, at: 2, 24, mentioning: ["<send>", "event"])
        expectError(inOnEntry("<send/>"), .invalid, at: 2, 24, mentioning: ["<send>", "event"])
        expectError(inOnEntry("<send event='e' id=''/>"), .invalid, at: 2, 40, mentioning: ["id"])
        expectError(inOnEntry("<send event='e' delay='5'/>"), .invalid, at: 2, 40, mentioning: ["'5'", "unit"])
        expectError(inOnEntry("<send event='e' delay='5 s'/>"), .invalid, at: 2, 40, mentioning: ["'5 s'"])
        expectError(inOnEntry("<send event='e' delay='1.s'/>"), .invalid, at: 2, 40, mentioning: ["'1.s'"])
        expectError(inOnEntry("<send event='e' delay='-1s'/>"), .invalid, at: 2, 40, mentioning: ["'-1s'"])
        expectError(inOnEntry("<send event='e' delay='1d'/>"), .invalid, at: 2, 40, mentioning: ["'1d'"])
        expectError(
            inOnEntry("<send event='e' delay='99999999999999999999999s'/>"), .unsupported, at: 2, 40, mentioning: ["longer"])
        expectError(
            inOnEntry("<send event='e' delay='9999999999999999999h'/>"), .unsupported, at: 2, 40, mentioning: ["longer"])
        // Past the runtime's clock (2^62 ns, about 146 years), though a Duration holds it.
        expectError(
            inOnEntry("<send event='e' delay='2000000h'/>"), .unsupported, at: 2, 40, mentioning: ["146 years"])
        #expect(readingError(document("<state id='a'><onentry><send event='e' delay='1000000h'/></onentry></state>")) == nil)
        expectError(inOnEntry("<cancel/>"), .invalid, at: 2, 24, mentioning: ["<cancel>", "sendid"])
        expectError(inOnEntry("<log>x</log>"), .invalid, at: 2, 29, mentioning: ["text"])
        expectError(inOnEntry("<elseif cond='a'/>"), .invalid, at: 2, 24, mentioning: ["<elseif>", "<if>"])
        expectError(inOnEntry("<else/>"), .invalid, at: 2, 24, mentioning: ["<else>", "<if>"])
        expectError(inOnEntry("<if/>"), .invalid, at: 2, 24, mentioning: ["<if>", "cond"])
        expectError(inOnEntry("<if cond='a'><elseif/></if>"), .invalid, at: 2, 37, mentioning: ["<elseif>", "cond"])
        expectError(inOnEntry("<if cond='a'><else/><else/></if>"), .invalid, at: 2, 44, mentioning: ["second <else>", "2:37"])
        expectError(
            inOnEntry("<if cond='a'><else/><elseif cond='b'/></if>"), .invalid, at: 2, 44, mentioning: ["after the <else>"])
        expectError(
            inOnEntry("<if cond='a'><else><raise event='e'/></else></if>"), .invalid, at: 2, 43, mentioning: ["no content"])
        expectError(inOnEntry("<if cond='a'><else cond='b'/></if>"), .unsupported, at: 2, 43, mentioning: ["'cond'", "<else>"])
        expectError(
            inOnEntry("<if cond='a'><state/></if>"), .invalid, at: 2, 37, mentioning: ["<state> is not allowed inside <if>"])
        expectError(inOnEntry("<transition/>"), .invalid, at: 2, 24, mentioning: ["<transition>", "<onentry>"])
        expectError(document("<state id='a'><onentry id='x'/></state>"), .unsupported, at: 2, 24, mentioning: ["'id'"])
        expectError(document("<state id='a'/>", attributes: " binding='never'"), .invalid, at: 1, 62, mentioning: ["'never'"])
    }
}
