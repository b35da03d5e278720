export declare const E2E: {
  llmPort: number;
  distributedLlmPort: number;
  embeddedPort: number;
  embeddedPgPort: number;
  distributedPort: number;
  smtpPort: number;
  mailHttpPort: number;
  oidcPort: number;
  asrPort: number;
  distributedAsrPort: number;
  embeddedSrtPort: number;
  embeddedRtmpPort: number;
  distributedSrtPort: number;
  distributedRtmpPort: number;
};
