// Types for build-server.mjs, imported by the TypeScript benchmarks and tests.
export declare function buildServer(options?: { entry?: string; outDir?: string }): Promise<string>;
