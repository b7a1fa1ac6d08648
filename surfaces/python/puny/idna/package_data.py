# The idna release whose API puny.idna provides.
__version__ = "3.13"
