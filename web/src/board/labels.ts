// What a board's square is called when read out.
/**
 * A square's name as read out, holding the text it shows (WCAG's "label in name": one who sees ".017" on a8 and
 * says it is heard): "a8, survives 10 moves with probability 0.0173959, shown as .017". Unchanged when it holds the
 * text as a word already.
 */
export function labelWithText(name: string, text: string | undefined): string {
  if (text === undefined || text === '' || words(name).includes(text.replace(/[^\p{L}\p{N}]+/gu, ''))) return name;
  return `${name}, shown as ${text}`;
}

/** The words of a text as they are compared: letters and digits, the rest dropped ("0.52 %" is "052"). */
function words(text: string): string[] {
  return text.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ''));
}
