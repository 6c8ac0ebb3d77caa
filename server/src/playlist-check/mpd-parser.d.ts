// video.js's DASH manifest parser ships no types: the one function the stream check calls, as far as it reads it.
declare module 'mpd-parser' {
  export function parse(
    manifest: string,
    options?: { manifestUri?: string; NOW?: number; clientOffset?: number },
  ): unknown;
}
