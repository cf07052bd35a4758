/// A VMAP with one pre-roll (`pre`) of one inline 6 s ad (`p1`, its file
/// `https://ads.example/p1.mp4`): the smallest VMAP a scenario can name
/// breaks and ads of.
public let oneAdVMAP = """
    <vmap:VMAP version="1.0">
    <vmap:AdBreak breakType="linear" breakId="pre" timeOffset="start"><vmap:AdSource><vmap:VASTAdData><VAST version="4.2">
    <Ad id="p1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression>https://t.example/i</Impression><Creatives><Creative>
    <Linear><Duration>00:00:06</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
    https://ads.example/p1.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad>
    </VAST></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
    </vmap:VMAP>
    """
