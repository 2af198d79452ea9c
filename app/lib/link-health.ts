/** After this many failed website checks in a row a tool is flagged for an administrator's review. */
export const FLAG_AFTER_FAILURES = 3;

/** How each website check outcome reads in the admin (the values of tool_link_checks.outcome). */
export const LINK_OUTCOME_LABELS: Record<string, string> = {
  ok: "OK",
  moved: "Moved to another domain",
  client_error: "Client error",
  server_error: "Server error",
  dns_failure: "DNS failure",
  tls_failure: "TLS failure",
  timeout: "Timed out",
  connection_failed: "Connection failed",
  parked: "Parked domain",
  blocked: "Private address refused",
};
