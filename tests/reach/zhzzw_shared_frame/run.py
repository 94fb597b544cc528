from .camera import Station
from .paint import inspect_paint
from .welds import inspect_weld


def shift(port):
    station = Station(port)
    return inspect_weld(station), inspect_paint(station)
