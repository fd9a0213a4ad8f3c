// Types for server-runtime.mjs, imported by the TypeScript benchmarks.
export declare const SERVER_NODE_ARGS: readonly string[];
export declare const SERVER_ENV: Readonly<Record<string, string>>;
export declare function serverEnv(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
