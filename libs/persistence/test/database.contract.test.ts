import { describeCollectionContract } from './collection-contract.fixture';

describeCollectionContract((context) => {
  it(`reports its engine as ${context.engine}`, () => {
    expect(context.db().engine).toBe(context.engine);
  });

  it('refuses every operation once closed, and closing twice is harmless', async () => {
    const db = context.db();
    const products = db.collection('products');
    await products.insertOne({ id: 1 });
    await db.close();

    await expect(products.find({})).rejects.toThrow('closed');
    await expect(products.insertOne({ id: 2 })).rejects.toThrow('closed');
    await expect(db.nextId('products')).rejects.toThrow('closed');
    expect(() => db.collection('products')).toThrow('closed');
    await db.close();
  });
});
