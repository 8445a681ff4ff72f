// fontkit (pdfkit's font engine) ships no types: only what pdf.ts uses of it.
declare module 'fontkit' {
  /** An opened font; pdfkit takes it wherever it takes font bytes. */
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(data: Uint8Array, postscriptName?: string): Font;
}
