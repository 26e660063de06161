// "Pricing Screenshot": html2canvas is loaded only when the button is clicked (its own chunk), scale 2, white
// background. A failed capture is only logged (docs/PRODUCT.md "The calculator").
import { Button, Image } from '@chakra-ui/react';
import { memo } from 'react';
import { LuDownload } from 'react-icons/lu';
import { repairForCanvas, withCanvasTextMetrics } from './canvas-repairs';
import { ViewDialog } from './ViewDialog';
import { saveUrl } from '../../lib/save-file';

export const SCREENSHOT_FILE = 'pricing-summary.png';

const MODERN_COLOR = /(color-mix|color|oklch|oklab|lab|lch|hwb)\(/;
const COLOR_PROPS = [
  'color',
  'background-color',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'outline-color',
  'text-decoration-color',
  'box-shadow',
  'fill',
  'stroke',
] as const;

/**
 * html2canvas 1.4 cannot parse the CSS color functions Chakra's tokens resolve to in Chromium (`color(srgb …)`,
 * `color-mix`, `oklch`): in the clone it captures, every such value is replaced by the rgba() the browser paints.
 */
function flattenColors(doc: Document, root: HTMLElement): void {
  const ctx = doc.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!ctx) return;
  const cache = new Map<string, string>();
  const toRgba = (c: string): string => {
    let v = cache.get(c);
    if (v === undefined) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      v = `rgba(${r}, ${g}, ${b}, ${Math.round(((a ?? 255) / 255) * 1000) / 1000})`;
      cache.set(c, v);
    }
    return v;
  };
  const replaceAll = (value: string): string => {
    let out = '';
    let i = 0;
    while (i < value.length) {
      const m = MODERN_COLOR.exec(value.slice(i));
      if (!m) break;
      const start = i + m.index;
      let depth = 0;
      let end = start;
      for (let j = start; j < value.length; j++) {
        if (value[j] === '(') depth++;
        else if (value[j] === ')' && --depth === 0) {
          end = j + 1;
          break;
        }
      }
      if (end === start) break;
      out += value.slice(i, start) + toRgba(value.slice(start, end));
      i = end;
    }
    return out + value.slice(i);
  };
  const view = doc.defaultView;
  if (!view) return;
  for (const el of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
    const cs = view.getComputedStyle(el);
    for (const prop of COLOR_PROPS) {
      const v = cs.getPropertyValue(prop);
      if (v && MODERN_COLOR.test(v)) el.style.setProperty(prop, replaceAll(v));
    }
  }
}

/** Captures an element as a PNG data URL; null (and a console error) when it fails. */
export async function captureElement(el: HTMLElement): Promise<string | null> {
  try {
    const { default: html2canvas } = await import('html2canvas');
    const canvas = await withCanvasTextMetrics(() =>
      html2canvas(el, {
        scale: 2,
        backgroundColor: '#ffffff',
        imageTimeout: 15000,
        logging: false,
        useCORS: true,
        onclone: (doc, clone) => {
          flattenColors(doc, clone);
          repairForCanvas(doc, clone);
        },
      }),
    );
    return canvas.toDataURL('image/png');
  } catch (err) {
    console.error('Screenshot failed', err);
    return null;
  }
}

export const ScreenshotDialog = memo(function ScreenshotDialog({ image, onClose }: { image: string | null; onClose: () => void }) {
  return (
    <ViewDialog
      open={image !== null}
      onClose={onClose}
      title="Pricing Screenshot"
      actions={
        <Button colorPalette="blue" onClick={() => image && saveUrl(image, SCREENSHOT_FILE)}>
          <LuDownload /> Download
        </Button>
      }
    >
      {image && <Image src={image} alt="Screenshot of the pricing summary" borderWidth="1px" borderRadius="l2" w="full" />}
    </ViewDialog>
  );
});
