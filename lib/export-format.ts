// The `?format=` of every export route, read one way: absent means the route's default; a known value
// is that format; anything else is answered 400 naming the known ones (never the default quietly).

/** The format asked for: `fallback` when none was given, null when the value is not one of `known`. */
export function exportFormatOf<Format extends string>(params: URLSearchParams, known: readonly Format[], fallback: Format): Format | null {
  const asked = params.get("format");
  if (asked === null || asked === "") return fallback;
  return known.find((format) => format === asked) ?? null;
}

/** 400: the format is unknown, and which ones are. */
export function unknownFormatResponse(params: URLSearchParams, known: readonly string[]): Response {
  const asked = params.get("format") ?? "";
  return new Response(`Unknown format "${asked.slice(0, 40)}": use one of ${known.join(", ")}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
