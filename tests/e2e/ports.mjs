// The end-to-end stacks' ports; E2E_PORT_OFFSET moves them all, so that two checkouts can run the suite at once.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 1000) {
  throw new Error(`E2E_PORT_OFFSET must be a whole number from 0 to 1000 (it is "${process.env.E2E_PORT_OFFSET}")`);
}

export const E2E = {
  llmPort: 18170 + offset,
  /** The distributed project's own fake language model: the two projects run side by side. */
  distributedLlmPort: 18175 + offset,
  embeddedPort: 18180 + offset,
  embeddedPgPort: 54339 + offset,
  distributedPort: 18190 + offset,
  smtpPort: 18160 + offset,
  mailHttpPort: 18161 + offset,
  oidcPort: 18162 + offset,
  /** The fake speech providers (Deepgram's protocol), one per project like the fake language models. */
  asrPort: 18165 + offset,
  distributedAsrPort: 18166 + offset,
  /** The venue feed's ingest of each stack: SRT (UDP) and RTMP (TCP). */
  embeddedSrtPort: 18150 + offset,
  embeddedRtmpPort: 18151 + offset,
  distributedSrtPort: 18152 + offset,
  distributedRtmpPort: 18153 + offset,
};
