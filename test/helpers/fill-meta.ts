/** Fills what `init` leaves to the curator in meta: the title, abstract and keywords placeholders. */
export function fillMeta(text: string): string {
  return text
    .replace(/^ {2}title: FILL_IN/m, '  title: sample record')
    .replace(/^ {2}abstract: FILL_IN/m, '  abstract: a record from a sample file')
    .replace('[FILL_IN]', '[sample]');
}
