import { SaxesParser } from 'saxes';

/** An element of a parsed document: its attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * The root element of `xml`, read by saxes, a strict XML 1.0 parser: anything not well-formed
 * (a character XML forbids, an unescaped `<`, a tag left open) throws with its position.
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const document: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [document];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.write(xml).close();
  const [root] = document.children;
  if (!root) throw new Error('the document has no root element');
  return root;
}
