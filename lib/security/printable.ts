// Text a user typed (or a file brought in) shown on a terminal: a run name with ESC sequences could clear
// the screen or retitle the window through `workbench runs list`. Names, tags and notes refuse control
// characters when they are set; what the CLI prints is escaped anyway (imported names, older rows).

/** C0 controls (tab, line breaks, ESC, NUL …), DEL and the C1 controls (0x80–0x9f, CSI among them). */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, minus tab and line breaks: what a multi-line text (a note) may not hold. */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Controls and the bidirectional overrides and isolates, which reorder what a terminal shows. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export const CONTROL_CHARACTERS_MESSAGE = "Control characters (such as NUL, ESC or a line break) are not allowed";

/** Does a one-line text (a name, a tag) hold a control character? */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Does a multi-line text (a note) hold a control character other than tab and line breaks? */
export function hasControlCharactersButLines(text: string): boolean {
  return CONTROL_CHARACTERS_BUT_LINES.test(text);
}

/** `text` safe to write to a terminal on one line: each control or reordering character as `\xNN` / `\uNNNN`. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
