/** Tests only: just enough XML to read TwiML (elements, attributes, text; no DTD, no CDATA). */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => ENTITIES[name] ?? '');
}

export function parseTwiml(xml: string): XmlNode {
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const tags = /<(\/?)([A-Za-z][\w]*)((?:\s+[\w:]+="[^"]*")*)\s*(\/?)>|([^<]+)|<\?[^>]*\?>/g;
  for (const m of xml.matchAll(tags)) {
    const top = stack[stack.length - 1];
    if (!top) throw new Error('unbalanced TwiML');
    const [, closing, name, attrText, selfClosing, text] = m;
    if (text !== undefined) {
      top.text += decode(text);
      continue;
    }
    if (name === undefined) continue;
    if (closing === '/') {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([\w:]+)="([^"]*)"/g)) {
      if (a[1] !== undefined) attrs[a[1]] = decode(a[2] ?? '');
    }
    const node: XmlNode = { name, attrs, children: [], text: '' };
    top.children.push(node);
    if (selfClosing !== '/') stack.push(node);
  }
  const response = root.children[0];
  if (stack.length !== 1 || !response || response.name !== 'Response') throw new Error(`not TwiML: ${xml}`);
  return response;
}

/** The first descendant with this name, depth first. */
export function find(node: XmlNode, name: string): XmlNode | undefined {
  for (const child of node.children) {
    if (child.name === name) return child;
    const deeper = find(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** The element names directly under <Response>, in order. */
export function verbs(node: XmlNode): string[] {
  return node.children.map((c) => c.name);
}
