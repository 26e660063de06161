/**
 * One choice among several (a main-menu link, an icon tile): blue while it is the chosen one, muted otherwise and lit
 * on hover. Spread onto the element.
 */
export function pickTone(chosen: boolean) {
  return {
    color: chosen ? 'blue.fg' : 'fg.muted',
    bg: chosen ? 'blue.subtle' : 'transparent',
    _hover: { textDecoration: 'none', bg: chosen ? 'blue.subtle' : 'bg.muted', color: chosen ? 'blue.fg' : 'fg' },
  } as const;
}
