import { decodeXlsxText } from '../../util/xlsx-escape.js';

/**
 * The text of a string item (`<si>`, `<is>`): every `<t>`, plain or in rich-text runs, in order, but
 * not phonetic guides (`<rPh>`); `_xHHHH_` escapes decoded here, once per `<t>`.
 */
export class StringItemText {
  private parts: string[] = [];
  private current = '';
  private inText = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 't') {
      this.inText = this.phonetic === 0;
      this.current = '';
    } else if (name === 'rPh') this.phonetic++;
  }

  close(name: string): void {
    if (name === 't') {
      if (this.inText) this.parts.push(decodeXlsxText(this.current));
      this.inText = false;
    } else if (name === 'rPh') this.phonetic--;
  }

  text(text: string): void {
    if (this.inText) this.current += text;
  }

  /** The item's text, and a fresh start for the next item. */
  take(): string {
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.inText = false;
    this.phonetic = 0;
    return text;
  }
}
