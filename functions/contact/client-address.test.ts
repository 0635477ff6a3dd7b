import { assertEquals, assertNotEquals } from "../_shared/assert.ts";
import { clientAddress, rateLimitKey, UNKNOWN_ADDRESS } from "./client-address.ts";

const headers = (xff?: string) => new Headers(xff === undefined ? {} : { "x-forwarded-for": xff });

Deno.test("takes the first X-Forwarded-For entry (the stand-in appends its own peer)", () => {
  assertEquals(clientAddress(headers("203.0.113.7, 127.0.0.1")), "203.0.113.7");
  assertEquals(clientAddress(headers(" 203.0.113.7 ,10.0.0.1, 127.0.0.1")), "203.0.113.7");
  assertEquals(clientAddress(headers("127.0.0.1")), "127.0.0.1");
});

Deno.test("no or empty X-Forwarded-For falls back to one shared bucket", () => {
  assertEquals(clientAddress(headers()), UNKNOWN_ADDRESS);
  assertEquals(clientAddress(headers("")), UNKNOWN_ADDRESS);
  assertEquals(clientAddress(headers(" , 127.0.0.1")), UNKNOWN_ADDRESS);
});

Deno.test("IPv4: the address, without a port", () => {
  assertEquals(rateLimitKey("198.51.100.20"), "198.51.100.20");
  assertEquals(rateLimitKey("198.51.100.20:51234"), "198.51.100.20");
  // Leading zeros are ambiguous (octal to some parsers): not taken as an address.
  assertEquals(rateLimitKey("198.051.100.020"), "198.051.100.020");
});

Deno.test("IPv6: counted by its /64, however it is written", () => {
  const key = "2001:db8:85a3:8d3::/64";
  assertEquals(rateLimitKey("2001:db8:85a3:8d3:1319:8a2e:370:7348"), key);
  assertEquals(rateLimitKey("2001:0DB8:85A3:08D3:ffff:ffff:ffff:ffff"), key);
  assertEquals(rateLimitKey("[2001:db8:85a3:8d3::1]:443"), key);
  assertEquals(rateLimitKey("2001:db8:85a3:8d3::1%eth0"), key);
  assertEquals(rateLimitKey("::1"), "0:0:0:0::/64");
  assertEquals(rateLimitKey("2001:db8::"), "2001:db8:0:0::/64");
  assertNotEquals(rateLimitKey("2001:db8:85a3:8d4::1"), key);
});

Deno.test("IPv4-mapped IPv6 counts as the IPv4 address", () => {
  assertEquals(rateLimitKey("::ffff:192.0.2.1"), "192.0.2.1");
  assertEquals(rateLimitKey("::ffff:c000:201"), "192.0.2.1");
  assertEquals(rateLimitKey("[::ffff:192.0.2.1]:8080"), "192.0.2.1");
});

Deno.test("anything that is not an address is still one bucket, kept short", () => {
  assertEquals(rateLimitKey("Not-An-Address"), "not-an-address");
  assertEquals(rateLimitKey("1:2:3:4:5:6:7:8:9"), "1:2:3:4:5:6:7:8:9");
  assertEquals(rateLimitKey("2001:db8::1::2"), "2001:db8::1::2");
  assertEquals(rateLimitKey("999.1.1.1"), "999.1.1.1");
  assertEquals(rateLimitKey("x".repeat(500)).length, 100);
  assertEquals(rateLimitKey('"192.0.2.9"'), "192.0.2.9");
});

Deno.test("IPv4 counts only in plain dotted decimal, alone or inside IPv6", () => {
  // The deprecated IPv4-compatible form is read as the mapped one.
  assertEquals(rateLimitKey("::192.0.2.1"), "192.0.2.1");
  // Forms that name different hosts to different parsers stay text.
  assertEquals(rateLimitKey("0x7f.0.0.1"), "0x7f.0.0.1");
  assertEquals(rateLimitKey("3232235777"), "3232235777");
  assertEquals(rateLimitKey("192.168.1"), "192.168.1");
  assertEquals(rateLimitKey("::ffff:192.0.2.01"), "::ffff:192.0.2.01");
  assertEquals(rateLimitKey("::ffff:0x7f.0.0.1"), "::ffff:0x7f.0.0.1");
  assertEquals(rateLimitKey("::ffff:256.0.0.1"), "::ffff:256.0.0.1");
});
