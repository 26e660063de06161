// html2canvas 1.4 draws a few things in the summary where the browser does not. The root one: it finds a font's
// baseline by putting a 1 px <img> next to sample text in the page, and the CSS reset makes every img a block, so
// the baseline comes out a line too low and all text is drawn below its place (a badge's text under its box, the
// labels under their chevrons, a line-through a row up). `withCanvasTextMetrics` keeps that probe image inline while
// html2canvas measures. The clone it captures is also given equivalents it draws right: a plain rule over struck text,
// badges whose one line is exactly their box, and each icon as an <img> of its own SVG, sized, coloured and turned as
// on screen (a CSS-rotated SVG comes out broken). The screen itself is never touched.

/** html2canvas' metrics probe: a hidden div appended to body holding a span and a 1 px img. */
const PROBE_RULE = 'body > div[style*="visibility: hidden"] > img { display: inline !important; }';

export async function withCanvasTextMetrics<T>(run: () => Promise<T>): Promise<T> {
  const style = document.createElement('style');
  style.textContent = PROBE_RULE;
  document.head.appendChild(style);
  try {
    return await run();
  } finally {
    style.remove();
  }
}

/** `matrix(a, b, c, d, e, f)` → its numbers, or null for `none`. */
function matrixOf(transform: string): number[] | null {
  const m = /^matrix\(([^)]+)\)$/.exec(transform.trim());
  if (!m) return null;
  const n = m[1]!.split(',').map((x) => Number(x.trim()));
  return n.length === 6 && n.every(Number.isFinite) ? n : null;
}

function strikeThroughAsRule(doc: Document, view: Window, root: HTMLElement): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
    const cs = view.getComputedStyle(el);
    if (!cs.textDecorationLine.includes('line-through')) continue;
    el.style.textDecorationLine = 'none';
    if (cs.position === 'static') el.style.position = 'relative';
    const rule = doc.createElement('span');
    rule.setAttribute('aria-hidden', 'true');
    rule.style.cssText = `position:absolute;left:0;right:0;top:52%;height:0;border-top:1px solid ${cs.color};pointer-events:none`;
    el.appendChild(rule);
  }
}

function badgesOnOneLine(view: Window, root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('.chakra-badge').forEach((b) => {
    const cs = view.getComputedStyle(b);
    const h = b.getBoundingClientRect().height;
    b.style.display = 'inline-block';
    b.style.verticalAlign = 'middle';
    b.style.whiteSpace = 'nowrap';
    b.style.height = `${h}px`;
    b.style.lineHeight = `${h}px`;
    b.style.paddingTop = '0';
    b.style.paddingBottom = '0';
    b.style.width = `${b.getBoundingClientRect().width}px`;
    b.style.textAlign = cs.textAlign === 'start' ? 'center' : cs.textAlign;
  });
}

function iconsAsImages(doc: Document, view: Window, root: HTMLElement): void {
  root.querySelectorAll<SVGSVGElement>('svg').forEach((svg) => {
    const r = svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    const cs = view.getComputedStyle(svg);
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    copy.setAttribute('width', String(r.width));
    copy.setAttribute('height', String(r.height));
    copy.removeAttribute('class');
    copy.removeAttribute('style');
    copy.setAttribute('color', cs.color);
    const vb = svg.viewBox.baseVal;
    const m = matrixOf(cs.transform);
    if (m && vb && vb.width > 0) {
      // the turn the CSS gives it (the open section's chevron), baked in around the icon's centre
      const cx = vb.x + vb.width / 2;
      const cy = vb.y + vb.height / 2;
      const g = doc.createElementNS('http://www.w3.org/2000/svg', 'g');
      g.setAttribute('transform', `translate(${cx} ${cy}) matrix(${m[0]} ${m[1]} ${m[2]} ${m[3]} 0 0) translate(${-cx} ${-cy})`);
      while (copy.firstChild) g.appendChild(copy.firstChild);
      copy.appendChild(g);
    }
    const markup = new XMLSerializer().serializeToString(copy).replace(/currentColor/g, cs.color);
    const img = doc.createElement('img');
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
    img.alt = '';
    img.width = r.width;
    img.height = r.height;
    img.style.cssText = `width:${r.width}px;height:${r.height}px;display:${cs.display === 'none' ? 'none' : 'inline-block'};vertical-align:middle;flex-shrink:0;margin:${cs.margin}`;
    svg.replaceWith(img);
  });
}

export function repairForCanvas(doc: Document, root: HTMLElement): void {
  const view = doc.defaultView;
  if (!view) return;
  strikeThroughAsRule(doc, view, root);
  badgesOnOneLine(view, root);
  iconsAsImages(doc, view, root);
}
