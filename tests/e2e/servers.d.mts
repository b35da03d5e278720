export declare const SERVERS_RUNNING: string;
export declare function natsAnswers(): boolean;
export declare function e2eServers(withNats: boolean): { what: string; url: string }[];
export declare function startE2eServers(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
  withNats?: boolean;
  timeoutMs?: number;
}): { ready: Promise<boolean>; answering(): Promise<boolean>; stop(): Promise<void> };
