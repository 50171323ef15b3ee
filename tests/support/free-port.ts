import { createServer, type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it): for a server a test starts, or nginx in front of instances. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
