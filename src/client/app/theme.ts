// The app's Chakra system with its accessibility fixes: text meets axe's enhanced contrast (7:1, 4.5:1 for large
// text) everywhere. Each palette's solid (white text on it) is its 700 step (green: 800), its fg (coloured text on
// white or on its own subtle tint) its 800 step; fg.muted / fg.subtle are dark enough on the blue and green tints of
// selected cards; fg.error is red.700. Solid buttons darken (not lighten) when hovered or expanded, and neutral
// controls take a blue focus ring.
import { createSystem, defineConfig } from '@chakra-ui/react';
import { appBaseConfig } from './chakra-base';

// Chakra lightens a solid button when hovered or expanded (solid/90: white on blue falls to 4.3:1); darken instead.
const solidActive = { bg: 'color-mix(in srgb, var(--chakra-colors-color-palette-solid) 88%, black)' };

const PALETTES = ['blue', 'green', 'red', 'orange', 'teal', 'purple', 'yellow', 'pink', 'cyan'] as const;
const enhancedContrast = Object.fromEntries(
  PALETTES.map((p) => [
    p,
    {
      solid: { value: { _light: `{colors.${p}.${p === 'green' ? 800 : 700}}`, _dark: `{colors.${p}.600}` } },
      fg: { value: { _light: `{colors.${p}.800}`, _dark: `{colors.${p}.300}` } },
    },
  ]),
);

const config = defineConfig({
  // A user who asked their system for less motion gets none: dialogs, menus, toasts and drawers appear and leave at
  // once (WCAG 2.3.3). The animation events still fire, so everything that waits for one goes on as before.
  globalCss: {
    // A field focused by Tab or by a script scrolls clear of the sticky header (4rem) and, below 1024 px, of the
    // calculator's fixed totals bar; toasts are lifted above that bar too (components/toaster-view.tsx).
    html: {
      scrollPaddingTop: '5rem',
      scrollPaddingBottom: { base: '5.5rem', lg: '1rem' },
      '--toast-offset-bottom': { base: '5.5rem', lg: '1rem' },
    },
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationDelay: '0ms !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    recipes: {
      button: { variants: { variant: { solid: { _hover: solidActive, _expanded: solidActive } } } },
    },
    semanticTokens: {
      colors: {
        ...enhancedContrast,
        fg: {
          // 7.6:1 on blue.subtle (a selected card), 9.4:1 on white
          muted: { value: { _light: '#46464f', _dark: '{colors.gray.400}' } },
          subtle: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
        // the focus ring of neutral controls (outline buttons, steppers, the discounts header): gray.400 (2.6:1) was
        // hard to see for a keyboard user; the app's blue (3.7:1, over the 3:1 for focus indicators)
        gray: { focusRing: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.400}' } } },
      },
    },
  },
});

export const system = createSystem(appBaseConfig, config);
