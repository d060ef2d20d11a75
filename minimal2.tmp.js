const http = require('http');
const express = require('express');
const grpc = require('@grpc/grpc-js');
const { storefront } = require('@commerce/contracts');
const { presentStore } = require('@commerce/api-presenters');
const client = new storefront.StoreServiceClient('127.0.0.1:52155', grpc.credentials.createInsecure(), { 'grpc.enable_retries': 0, 'grpc.enable_channelz': 0 });
const mode = process.argv[2];
let cached;
function handle(req, res) {
  const send = (r) => {
    const payload = JSON.stringify({ data: presentStore(r.store), meta: { code: 200, api_version: '1.0' } });
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(payload));
    res.end(payload);
  };
  if (mode.includes('nogrpc') && cached) return send(cached);
  const md = new grpc.Metadata();
  md.set('x-principal', JSON.stringify({ kind: 'api_key', store_id: 1 }));
  client.getStore({ store_id: 1 }, md, { deadline: Date.now() + 5000 }, (err, r) => { cached = r; send(r); });
}
if (mode.startsWith('express')) { const app = express(); app.get('/v1/store.json', handle); app.listen(18090, '127.0.0.1'); }
else http.createServer(handle).listen(18090, '127.0.0.1');
process.on('SIGINT', () => process.exit(0));
