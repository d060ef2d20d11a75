const grpc = require('@grpc/grpc-js');
const { storefront } = require('@commerce/contracts');
const client = new storefront.StoreServiceClient('127.0.0.1:52155', grpc.credentials.createInsecure(), { 'grpc.enable_retries': 0, 'grpc.enable_channelz': 0 });
let done = 0; const t0 = Date.now();
function one() { client.getStore({ store_id: 1 }, new grpc.Metadata(), { deadline: Date.now() + 5000 }, (err) => { done++; if (Date.now() - t0 < 8000) one(); else if (done % 50 === 0) {} }); }
for (let i = 0; i < +(process.env.C||50); i++) one();
setTimeout(() => { console.error('calls/s', done / 8); process.exit(0); }, 8500);
