"""The inspection station both steps look through: its camera and its gauge."""

from linecam import Device


class Station:
    def __init__(self, port):
        self.device = Device(port)

    def frame(self):
        return self.device.read_frame().to_image()

    def gauge(self):
        return self.device.read_gauge()
