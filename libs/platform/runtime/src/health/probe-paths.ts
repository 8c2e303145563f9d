/**
 * Kubernetes' probe routes (the API server's own names), served outside /rest without
 * credentials by every process: the gateway on its HTTP port, a service on its operations
 * port (TRACKER_METRICS_PORT), next to /metrics.
 */
export const LIVENESS_PATH = '/livez';
export const READINESS_PATH = '/readyz';
