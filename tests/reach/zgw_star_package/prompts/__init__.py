from .feedback import *
