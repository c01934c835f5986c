// Types of build.mjs, which is plain JavaScript (it runs before anything is installed) and is imported by the tests' helpers.
export declare const bundle: string;
export declare const newestSourceChange: () => number;
export declare const hasSources: () => boolean;
export declare function build(outputDirectory?: string): Promise<void>;
export declare function buildIfStale(): Promise<void>;
