// Types for build-server.mjs, imported by the TypeScript benchmarks and tests.
export declare const serverOutDir: string;
export declare function serverEntry(outDir?: string): string;
export declare function buildServer(options?: { outDir?: string }): {
  outDir: string;
  files: number;
  written: number;
  ms: number;
};
export declare function serverBuildIsStale(outDir?: string): boolean;
export declare function ensureServerBuild(options?: {
  outDir?: string;
  log?: (line: string) => void;
}): string;
export declare function buildBenchFixtures(options?: { log?: (line: string) => void }): string;
export declare function findSpecifiers(code: string): {
  specifiers: { start: number; end: number; value: string }[];
  urls: { start: number; end: number; value: string }[];
};
