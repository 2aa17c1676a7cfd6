import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name.ts";

describe("deviceName", () => {
  it("names the browser and the system, not the raw user agent", () => {
    expect(deviceName("Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"))
      .toBe("Chrome on Android");
    expect(deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"))
      .toBe("Safari on iPhone");
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0"))
      .toBe("Edge on Windows");
    expect(deviceName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0")).toBe("Firefox on macOS");
    expect(deviceName("curl/8.5.0")).toBe("Unknown device");
    expect(deviceName(null)).toBe("Unknown device");
    expect(deviceName("Safari on iPhone")).toBe("Safari on iPhone");
  });
});
