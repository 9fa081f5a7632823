// No Enclave at all: what workerd itself costs, the measurement's zero.
export default { fetch: async () => new Response('plain') }
