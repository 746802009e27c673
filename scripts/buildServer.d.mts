export declare const SERVER_OUT: string;
export declare const SERVER_ENTRY: string;
export declare function serverBuildIsStale(): boolean;
/** Builds dist-server/; resolves to the milliseconds it took. */
export declare function buildServer(): Promise<number>;
