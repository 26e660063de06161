// Types of scripts/build.mjs (plain JavaScript so that it runs before anything can transpile TypeScript).
export declare const ROOT: string;
export declare const STAMP: string;
export declare const CLIENT_OUT: string;
export declare const SERVER_OUT: string;
export declare function clientInputs(): string[];
export declare function serverInputs(): string[];
export declare function hashInputs(files: string[]): string;
export declare function staleReason(dir: string, stamp: string, entry: string): string | null;
export declare function compressAssets(dir: string): Promise<void>;
export declare function buildClient(
  outDir?: string,
  stamp?: string,
  options?: { build?: (config: import('vite').InlineConfig) => Promise<unknown> },
): Promise<void>;
export declare function buildServer(outDir?: string, stamp?: string, options?: { relocatable?: boolean }): Promise<import('esbuild').Metafile>;
export declare function ensureBuilt(options?: {
  client?: boolean;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<{ hashMs: number; clientMs: number; serverMs: number }>;
