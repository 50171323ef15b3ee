import { describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { oneWritePerSocket } from '../../src/server/realtime/socket.js';

/**
 * The fan-out tweak (one write per socket, realtime/socket.ts) wraps socket.io-adapter's private
 * per-broadcast encoder: if an upgrade renames or reshapes it, this fails instead of the tweak silently doing nothing.
 */
describe('oneWritePerSocket', () => {
  // Not attached to an HTTP server: nothing listens, nothing to close.
  const io = new Server({ serveClient: false });
  type Encoder = { _encode(packet: object, opts: { wsPreEncodedFrame?: Buffer[] }): unknown[] };
  const packet = () => ({ type: 2, data: ['receive-security', { _id: 7, securityComplain: 'smoke' }], nsp: '/' });

  it('turns the pre-built WebSocket frame of a broadcast into one buffer with the same bytes', () => {
    const adapter = io.of('/').adapter as unknown as Encoder;
    const stock: { wsPreEncodedFrame?: Buffer[] } = {};
    const stockEncoded = adapter._encode(packet(), stock);
    expect(stock.wsPreEncodedFrame).toHaveLength(2);

    oneWritePerSocket(adapter);
    const joined: { wsPreEncodedFrame?: Buffer[] } = {};
    expect(adapter._encode(packet(), joined)).toEqual(stockEncoded);
    expect(joined.wsPreEncodedFrame).toHaveLength(1);
    expect(joined.wsPreEncodedFrame![0]).toEqual(Buffer.concat(stock.wsPreEncodedFrame!));
    expect(joined.wsPreEncodedFrame![0]!.toString()).toContain('42["receive-security",{"_id":7');
  });
});
