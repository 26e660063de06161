// The icons of the first screen (header, auth page, not-found page), defined here with react-icons own data so that
// the first screen does not load the lucide barrel (react-icons/lu is one module: importing one icon from it puts
// every icon the app uses into the entry chunk). Same components, same props as react-icons/lu. Generated from
// react-icons/lu; to add one, copy its GenIcon data from node_modules/react-icons/lu/index.mjs.
import { GenIcon, type IconBaseProps } from 'react-icons/lib';

export const LuCalculator = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      { tag: 'rect', attr: { width: '16', height: '20', x: '4', y: '2', rx: '2' }, child: [] },
      { tag: 'line', attr: { x1: '8', x2: '16', y1: '6', y2: '6' }, child: [] },
      { tag: 'line', attr: { x1: '16', x2: '16', y1: '14', y2: '18' }, child: [] },
      { tag: 'path', attr: { d: 'M16 10h.01' }, child: [] },
      { tag: 'path', attr: { d: 'M12 10h.01' }, child: [] },
      { tag: 'path', attr: { d: 'M8 10h.01' }, child: [] },
      { tag: 'path', attr: { d: 'M12 14h.01' }, child: [] },
      { tag: 'path', attr: { d: 'M8 14h.01' }, child: [] },
      { tag: 'path', attr: { d: 'M12 18h.01' }, child: [] },
      { tag: 'path', attr: { d: 'M8 18h.01' }, child: [] },
    ],
  })(props);
export const LuFolderOpen = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      {
        tag: 'path',
        attr: {
          d: 'm6 14 1.5-2.9A2 2 0 0 1 9.24 10H20a2 2 0 0 1 1.94 2.5l-1.54 6a2 2 0 0 1-1.95 1.5H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h3.9a2 2 0 0 1 1.69.9l.81 1.2a2 2 0 0 0 1.67.9H18a2 2 0 0 1 2 2v2',
        },
        child: [],
      },
    ],
  })(props);
export const LuReceiptText = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      { tag: 'path', attr: { d: 'M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1Z' }, child: [] },
      { tag: 'path', attr: { d: 'M14 8H8' }, child: [] },
      { tag: 'path', attr: { d: 'M16 12H8' }, child: [] },
      { tag: 'path', attr: { d: 'M13 16H8' }, child: [] },
    ],
  })(props);
export const LuShieldCheck = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      {
        tag: 'path',
        attr: {
          d: 'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
        },
        child: [],
      },
      { tag: 'path', attr: { d: 'm9 12 2 2 4-4' }, child: [] },
    ],
  })(props);
export const LuArrowLeft = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      { tag: 'path', attr: { d: 'm12 19-7-7 7-7' }, child: [] },
      { tag: 'path', attr: { d: 'M19 12H5' }, child: [] },
    ],
  })(props);
export const LuCompass = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      { tag: 'path', attr: { d: 'm16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z' }, child: [] },
      { tag: 'circle', attr: { cx: '12', cy: '12', r: '10' }, child: [] },
    ],
  })(props);
export const LuBookmarkCheck = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      { tag: 'path', attr: { d: 'm19 21-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2Z' }, child: [] },
      { tag: 'path', attr: { d: 'm9 10 2 2 4-4' }, child: [] },
    ],
  })(props);
export const LuPackage = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      {
        tag: 'path',
        attr: { d: 'M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z' },
        child: [],
      },
      { tag: 'path', attr: { d: 'M12 22V12' }, child: [] },
      { tag: 'path', attr: { d: 'm3.3 7 7.703 4.734a2 2 0 0 0 1.994 0L20.7 7' }, child: [] },
      { tag: 'path', attr: { d: 'm7.5 4.27 9 5.15' }, child: [] },
    ],
  })(props);
export const LuPuzzle = (props: IconBaseProps) =>
  GenIcon({
    tag: 'svg',
    attr: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
    child: [
      {
        tag: 'path',
        attr: {
          d: 'M15.39 4.39a1 1 0 0 0 1.68-.474 2.5 2.5 0 1 1 3.014 3.015 1 1 0 0 0-.474 1.68l1.683 1.682a2.414 2.414 0 0 1 0 3.414L19.61 15.39a1 1 0 0 1-1.68-.474 2.5 2.5 0 1 0-3.014 3.015 1 1 0 0 1 .474 1.68l-1.683 1.682a2.414 2.414 0 0 1-3.414 0L8.61 19.61a1 1 0 0 0-1.68.474 2.5 2.5 0 1 1-3.014-3.015 1 1 0 0 0 .474-1.68l-1.683-1.682a2.414 2.414 0 0 1 0-3.414L4.39 8.61a1 1 0 0 1 1.68.474 2.5 2.5 0 1 0 3.014-3.015 1 1 0 0 1-.474-1.68l1.683-1.682a2.414 2.414 0 0 1 3.414 0z',
        },
        child: [],
      },
    ],
  })(props);
