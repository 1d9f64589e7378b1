// A module of its own to load on demand: importing the contract's index dynamically would
// keep every schema, and zod with them, in the first load of every page.
export { LiveEventSchema } from '@rendezvous/contract';
