// Stack tests start real processes; a loaded 2-core machine needs room for that.
jest.setTimeout(120_000);
