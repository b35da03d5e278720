export const E2E = {
  llmPort: 18170,
  embeddedPort: 18180,
  embeddedPgPort: 54339,
  distributedPort: 18190,
  smtpPort: 18160,
  mailHttpPort: 18161,
  oidcPort: 18162,
};
