/** Spec §3 tracking record as the traffic-source cookie carries it; kept free of zod so every page can read it cheaply. */
export const TRAFFIC_SOURCE_MAX_LENGTH = {
  network: 100,
  ref: 100,
  sub: 255,
  sub1: 255,
  sub2: 255,
  sub3: 255,
  cpc: 50,
} as const;
export type TrafficSourceField = keyof typeof TRAFFIC_SOURCE_MAX_LENGTH;
export type TrafficSource = Partial<Record<TrafficSourceField, string>>;
