// A program date is a value of time itself (`MediaTime.ProgramDateTime`);
// `HLS` reads it from playlists and keeps the name available to its users.
@_exported public import struct MediaTime.ProgramDateTime
