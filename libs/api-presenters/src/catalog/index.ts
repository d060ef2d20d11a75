// Catalog records as the API renders them (spec 2.3, 2.4, DESIGN §8).
export {};
