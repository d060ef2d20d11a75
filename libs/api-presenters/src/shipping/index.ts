// Shipping records as the API renders them (spec 2.5, DESIGN §8).
export {};
